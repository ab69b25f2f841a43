# Backtracking: N-queens solutions and a small sudoku.
def queens(n):
    sols = []
    cols = []
    def place(row):
        if row == n:
            sols.append(list(cols))
            return
        for c in range(n):
            if all(c != pc and abs(c - pc) != row - pr for pr, pc in enumerate(cols)):
                cols.append(c)
                place(row + 1)
                cols.pop()
    place(0)
    return sols
for n in range(1, 9):
    print(n, len(queens(n)))
first = queens(6)[0]
for c in first:
    print(" ".join("Q" if i == c else "." for i in range(6)))
grid = [list(map(int, row)) for row in (
    "530070000", "600195000", "098000060", "800060003", "400803001", "700020006", "060000280", "000419005", "000080079")]
def ok(r, c, v):
    if v in grid[r] or any(grid[i][c] == v for i in range(9)):
        return False
    br, bc = 3 * (r // 3), 3 * (c // 3)
    return all(grid[br + i][bc + j] != v for i in range(3) for j in range(3))
def solve():
    for r in range(9):
        for c in range(9):
            if grid[r][c] == 0:
                for v in range(1, 10):
                    if ok(r, c, v):
                        grid[r][c] = v
                        if solve():
                            return True
                        grid[r][c] = 0
                return False
    return True
print(solve())
for row in grid:
    print("".join(map(str, row)))
