# Struct errors as Taichi raises them: whole-struct assignment in a kernel
# from a struct of other members or from a non-struct, a struct printed in a
# kernel, a field as an operand (Taichi's TaichiTypeError with Python's
# message), a ti.func method called from Python scope, struct values
# built wrongly, and gradients of a struct field left unplaced.
import taichi as ti

ti.init(arch=ti.cpu)

st = ti.types.struct(a=ti.i32, b=ti.types.vector(2, ti.f32))


@ti.dataclass
class P:
    x: ti.f32

    @ti.func
    def twice(self):
        return self.x * 2


@ti.kernel
def other_members():
    s = st(1, [2, 3])
    s = ti.Struct(c=2)


@ti.kernel
def not_a_struct():
    s = st(1, [2, 3])
    s = 5


@ti.kernel
def printed():
    s = st(1, [2, 3])
    print(s)


sf = st.field(shape=2)


@ti.kernel
def field_operand():
    v = ti.Vector([1, 1])
    w = v * sf.a


@ti.kernel
def struct_field_operand():
    w = 1 + sf


for k in (other_members, not_a_struct, printed, field_operand, struct_field_operand):
    try:
        k()
    except ti.TaichiCompilationError as e:
        print(type(e).__name__, str(e).strip().splitlines()[-1].split(": <class")[0])

try:
    P(1.5).twice()
except Exception as e:
    print(type(e).__name__, e)
try:
    ti.Struct({"a": 1}, b=2)
except ti.TaichiSyntaxError as e:
    print("TaichiSyntaxError", e)
try:
    st.cast(ti.Struct(a=1))
except ti.TaichiSyntaxError as e:
    print("TaichiSyntaxError", e)
print(P(1.5).x, st(2.7, 1.5).a, st(2.7, 1.5).b[1])

# last: from here on every launch meets the unplaced gradients
gs = ti.Struct.field({"a": ti.f32}, needs_grad=True)
ti.root.dense(ti.i, 2).place(gs)
try:
    not_a_struct()
except RuntimeError as e:
    print(type(e).__name__, str(e).splitlines()[0])
