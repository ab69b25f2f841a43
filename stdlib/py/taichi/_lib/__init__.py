"""taichi._lib: in Taichi, the C++ core's Python binding; tirun has no such
binding (its core is _taichi_core), only the helpers programs import from here."""
