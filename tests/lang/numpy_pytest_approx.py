# pytest.approx with numpy arrays and scalars (Taichi's tests compare to_numpy() results so)
import numpy as np, pytest
a = np.zeros((2, 3), np.float32)
print(a == pytest.approx(np.zeros((2, 3))), pytest.approx(np.zeros((2, 3))) == a)
print(np.array([1.0, 2.0]) == pytest.approx(np.array([1.0, 2.0000001])), np.array([1.0, 2.0]) == pytest.approx(np.array([1.0, 2.1])))
print(np.zeros(3) == pytest.approx(np.zeros(4)), 0.0 == pytest.approx(np.zeros(3)), np.zeros(3) != pytest.approx(np.ones(3)))
print(np.float32(1.5) == pytest.approx(1.5), 1.5 == pytest.approx(np.float64(1.5)), [0.0, 0.0] == pytest.approx(np.zeros(2)))
print(pytest.approx(np.array([1.5, 2.0])))
print(pytest.approx(np.array([[1.5, 2.0]])))
