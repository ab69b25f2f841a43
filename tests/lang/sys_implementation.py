# sys.implementation: a namespace with the interpreter's name, version and cache tag
import sys

impl = sys.implementation
print(type(impl.name), impl.version == sys.version_info, impl.hexversion == sys.hexversion)
print(hasattr(impl, "cache_tag"), type(impl).__name__, repr(impl).startswith("namespace(name="))
print(str(impl).find("version=") > 0)
