# Shortest paths (Dijkstra without heapq), BFS on a grid maze, and topological sort.
graph = {
    "A": {"B": 7, "C": 9, "F": 14}, "B": {"A": 7, "C": 10, "D": 15}, "C": {"A": 9, "B": 10, "D": 11, "F": 2},
    "D": {"B": 15, "C": 11, "E": 6}, "E": {"D": 6, "F": 9}, "F": {"A": 14, "C": 2, "E": 9},
}
def dijkstra(src):
    dist = {n: float("inf") for n in graph}
    prev = {}
    dist[src] = 0
    todo = set(graph)
    while todo:
        u = min(sorted(todo), key=lambda n: dist[n])
        todo.remove(u)
        for v, w in graph[u].items():
            if dist[u] + w < dist[v]:
                dist[v] = dist[u] + w
                prev[v] = u
    return dist, prev
dist, prev = dijkstra("A")
print(dist)
def path(to):
    p = [to]
    while p[-1] in prev:
        p.append(prev[p[-1]])
    return "".join(reversed(p))
print({n: path(n) for n in sorted(graph)})
maze = ["S.#.....", ".##.###.", "....#...", "##.#..#.", "...#.#.E"]
def bfs():
    start = next((r, c) for r, row in enumerate(maze) for c, ch in enumerate(row) if ch == "S")
    frontier, seen = [(start, 0)], {start}
    while frontier:
        (r, c), d = frontier.pop(0)
        if maze[r][c] == "E":
            return d
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < len(maze) and 0 <= nc < len(maze[0]) and maze[nr][nc] != "#" and (nr, nc) not in seen:
                seen.add((nr, nc))
                frontier.append(((nr, nc), d + 1))
    return None
print("maze distance:", bfs())
deps = {"app": ["lib", "utils"], "lib": ["core"], "utils": ["core"], "core": [], "tests": ["app"]}
order, state = [], {}
def visit(n):
    if state.get(n) == "done":
        return
    if state.get(n) == "active":
        raise ValueError("cycle at " + n)
    state[n] = "active"
    for m in deps[n]:
        visit(m)
    state[n] = "done"
    order.append(n)
for n in deps:
    visit(n)
print(order)
