x = f'abc {x}
