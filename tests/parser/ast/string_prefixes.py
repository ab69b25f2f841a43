# Every string prefix, quote style and triple quoting.
a = 'single' + "double"
b = r'raw\n' + R"RAW\t" + u'unicode' + U"UNICODE"
c = '''triple
single''' + """triple
double"""
d = r'''raw
triple\n''' + rb'\x00' + Rb'\d' + bR'\w' + BR'\s' + br'x' + Br'y'
e = b'bytes' + B"BYTES" + b'''triple
bytes'''
f = f'f{a}' + F"F{b}" + rf'{c}\n' + fR'{d}\t' + Rf"{e}" + FR'{a}' + fr'''{b}
'''
g = '' + "" + '''''' + """"""
h = 'it\'s' + "say \"hi\"" + '"' + "'" + '\'"' + """'"'"'"""
i = """a "quoted" 'word'""" + '''with ''' + """\"\"\""""
