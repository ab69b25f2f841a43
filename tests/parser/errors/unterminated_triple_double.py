x = """abc

def
