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


def test_factory(tmp_path_factory):
    first = tmp_path_factory.mktemp("data")
    second = tmp_path_factory.mktemp("data")
    assert first.name == "data0" and second.name == "data1"
    assert os.path.dirname(os.fspath(first)) == os.fspath(tmp_path_factory.getbasetemp())


def test_tmpdir(tmpdir):
    target = tmpdir.join("notes.txt")
    target.write("text")
    assert target.read() == "text" and tmpdir.check(dir=1)
    assert os.path.join(tmpdir, "notes.txt") == target.strpath == str(tmpdir / "notes.txt")
