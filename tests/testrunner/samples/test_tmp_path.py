# tmp_path: a fresh, empty folder a test, a path that `/` joins (pathlib's
# Path where there is one).
import os

SEEN = []


def test_write_and_read(tmp_path):
    target = tmp_path / "sub" / "data.txt"
    (tmp_path / "sub").mkdir()
    target.write_text("hello")
    assert target.read_text() == "hello" and target.name == "data.txt"
    assert os.path.isfile(os.fspath(target))
    SEEN.append(os.fspath(tmp_path))


def test_fresh_folder(tmp_path):
    assert os.listdir(os.fspath(tmp_path)) == []
    assert os.fspath(tmp_path) not in SEEN and os.path.isdir(SEEN[0])
    assert tmp_path.name.startswith("test_fresh_folder")
