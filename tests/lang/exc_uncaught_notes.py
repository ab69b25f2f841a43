# Notes added with add_note() are printed after the exception line; a multi-line message is kept.
def validate(record):
    try:
        return int(record["age"])
    except ValueError as e:
        e.add_note(f"while validating record {record['id']}")
        e.add_note("age must be a whole number")
        raise
print(validate({"id": 1, "age": "42"}))
print(validate({"id": 2, "age": "forty"}))
