# *_test.py files are collected too.
def test_suffix_named_file():
    assert True
