# Same file name as dup_b/test_dup.py: each is imported on its own.
WHERE = "a"


def test_where():
    assert WHERE == "a"
