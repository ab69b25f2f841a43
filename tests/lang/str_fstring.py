# f-strings: expressions, conversions, format specs, nested replacement fields and the = specifier.
x, y, name = 42, 3.14159, "world"
print(f"hello {name}!", f"{x} + {x} = {x + x}", f"{name.upper()}", f"{x * 2 if x > 40 else 0}")
print(f"{x:5d}|{x:<5}|{x:^5}|{x:x}|{y:.2f}|{y:10.3f}|{name!r}|{name:>10}|{name!r:>10}|")
width, prec = 12, 4
print(f"{y:{width}.{prec}f}|", f"{y:{width}}|", f"{name:{'*'}^{width}}|", f"{x:{'#x' if x else 'd'}}")
print(f"{x=}", f"{y = }", f"{name=!s}", f"{name=:>8}", f"{x*2=}", f"{y=:.1f}", f"{ x = }")
items = {"a": 1, "b": 2}
print(f"{items['a']}", f'{items["b"]}', f"{len(items)}", f"{[i * i for i in range(4)]}", f"{ {1: 2} }")
print(f"{{literal}}", f"{{{x}}}", f"}}{x}{{", f"{'{'}", f"{'nested {}'.format(1)}")
print(f"{3.0:g}", f"{1e10:,.0f}", f"{0.5:%}", f"{-x:+}", f"{x:,}", f"{1234567:_}", f"{255:#010b}")
def f(v):
    return v * 10
print(f"{f(3)}", f"{(lambda v: v + 1)(1)}", f"{'a' 'b'}", f"""{
    x
}""", f"{x!a}", f"{'é'!a}")
val = 7
print(f"{val:0{3}d}", f"{f'{val}':>4}", f"{f'{f(val):x}'}", rf"\n{val}", fr"{val}\t")
print(F"upper {x}", f"" == "", f"{x}" f"{y}" "lit", f"a" "b" f"{1}")
print(f"{'quote'!r}", f"{3 > 2}", f"{None}", f"{x}%", f"{x / 4:.1%}")
