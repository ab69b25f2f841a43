# break, continue and return inside a finally body that runs on the way out
# of a return: the pending return value is dropped or replaced, and the
# loop goes on with a clean stack
def continue_over_return(n):
    seen = []
    for i in range(n):
        try:
            return "lost"
        finally:
            seen.append(i)
            continue
    return seen


def break_over_return():
    for i in range(5):
        try:
            return "lost"
        finally:
            break
    return "after loop", i


def return_over_return():
    try:
        return 1
    finally:
        return 2


def nested(x):
    for i in range(x):
        try:
            pass
        finally:
            try:
                try:
                    print(x, i)
                finally:
                    try:
                        1 / 0
                    finally:
                        return 42
            finally:
                print("continue")
                continue


def with_loop_inside():
    try:
        return "kept"
    finally:
        for j in range(3):
            if j == 1:
                break
            continue


print(continue_over_return(3), break_over_return(), return_over_return(), nested(2), with_loop_inside())
