class A:
# comment
x = 1
