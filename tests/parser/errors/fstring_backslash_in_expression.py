x = f'{"\n".join(y)}'
