# Same file name as dup_a/test_dup.py: each is imported on its own.
WHERE = "b"


def test_where():
    assert WHERE == "b"
