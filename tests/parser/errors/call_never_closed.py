foo(a,
    b,

