# Multi-line strings: embedded newlines, line-continuation escapes, raw backslashes.
a = """first line
second line
    indented third
"""
b = '''\
starts after a continuation\
 and joins lines'''
c = r"""raw \
keeps the backslash-newline"""
d = "single quoted \
continued"
e = """quotes "inside" and ''' other triples'''"""
f = '''ends with a quote"'''
g = """""" + '''''' + """ """
h = """\\""" + '''\''''
i = """tab	and	trailing spaces   
end"""
j = """
"""
k = f"""{a}
{b!r:>{10}}
"""
l = b"""bytes
on lines"""
