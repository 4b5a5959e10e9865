#!/usr/bin/env python3
"""Draws a dependency graph (the JSON of a `DependencyGraph`, `Codable`) as an SVG picture.

Usage:
  scripts/draw-dependency-graph.py GRAPH.json PICTURE.svg

For the DocC article "Seeing your dependencies", whose renderer draws no Mermaid: `make
graph-picture` runs the GracefulShutdown example with `--graph-json`, then this script. No
Graphviz or other drawing package is needed: the layout is a small layered one (Sugiyama's
scheme, simplified).

- Layers: a value that no other value depends on (read or declared) is in the top layer; every
  other value is one layer below the lowest value that depends on it, so every arrow points down
  (but one that closes a cycle of declared values). An arrow to a declared value is dashed.
- An arrow that spans several layers passes through a point of its own in each layer between,
  placed among the boxes of that layer, so that it goes between boxes rather than through them.
- Order within a layer: by node id first, then by the mean position of what points at it (two
  sweeps down).
- Each box has the lines of `DependencyGraph.mermaid` and `.graphvizDOT`
  (`DependencyGraph.Node.pictureLines`): the label, how the value was read and who holds it, the
  context, the shutdown step and the computation's duration. A value kept by a scope is dashed; one
  that conforms to ShutdownableDependency is shaded.
"""

import json
import sys

FONT_SIZE = 12
CHAR_WIDTH = 7.0  # an estimate for a sans-serif font at FONT_SIZE
LINE_HEIGHT = 16
BOX_PADDING = 12
LAYER_GAP = 56
BOX_GAP = 28
DUMMY_WIDTH = 8
MARGIN = 16


def duration_text(nanoseconds):
    """As `Duration.shortDescription`: milliseconds (or seconds from 1 s), two decimals, toward
    zero, with the sign of a negative duration."""
    magnitude = abs(nanoseconds)
    if magnitude < 1_000_000_000:
        whole, hundredths = divmod(magnitude // 10_000, 100)
        unit = "ms"
    else:
        whole, hundredths = magnitude // 1_000_000_000, magnitude % 1_000_000_000 // 10_000_000
        unit = "s"
    sign = "-" if nanoseconds < 0 and (whole or hundredths) else ""
    return f"{sign}{whole}.{hundredths:02d} {unit}"


def picture_lines(node, step):
    """As `DependencyGraph.Node.pictureLines(shutdownStep:)`."""
    key, value_type = node["key"], node["valueType"]
    label = key if key == value_type else f"{key}: {value_type}"
    prop = node.get("property")
    argument = f"\\.{prop}" if prop is not None else f"{key}.self"
    holder = "shared" if node["holder"] == "cache" else "kept by a scope"
    last = [node["context"]]
    if step is not None:
        last.append(f"shutdown {step}")
    computation = node.get("computation")
    last.append(duration_text(computation["durationNanoseconds"]) if computation else "prepared")
    return [label, f"{argument} · {holder}", " · ".join(last)]


def escaped(text):
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def layout(graph):
    nodes = graph["nodes"]
    steps = {}
    for index, step in enumerate(graph["shutdownOrder"]):
        for node_id in step:
            steps[node_id] = index + 1
    readers = {node["id"]: [] for node in nodes}
    for node in nodes:
        for read in node["reads"] + node.get("declared", []):
            readers[read].append(node["id"])

    layer = {}

    def layer_of(node_id, visiting=()):
        if node_id not in layer:
            parents = [p for p in readers[node_id] if p not in visiting]
            layer[node_id] = (
                1 + max(layer_of(p, visiting + (node_id,)) for p in parents) if parents else 0
            )
        return layer[node_id]

    for node in nodes:
        layer_of(node["id"])

    # Vertices: the boxes, and a point for each layer an arrow passes through.
    vertices = {}
    for node in nodes:
        lines = picture_lines(node, steps.get(node["id"]))
        width = max(len(line) for line in lines) * CHAR_WIDTH + 2 * BOX_PADDING
        vertices[("node", node["id"])] = {
            "layer": layer[node["id"]], "width": width, "node": node, "lines": lines,
            "parents": [],
        }
    edges = []
    for node in nodes:
        declared = node.get("declared", [])
        for read in node["reads"] + declared:
            path = [("node", node["id"])]
            for between in range(layer[node["id"]] + 1, layer[read]):
                dummy = ("dummy", node["id"], read, between)
                vertices[dummy] = {"layer": between, "width": DUMMY_WIDTH, "parents": []}
                path.append(dummy)
            path.append(("node", read))
            for upper, lower in zip(path, path[1:]):
                vertices[lower]["parents"].append(upper)
            edges.append((path, read in declared and read not in node["reads"]))

    layers = {}
    for key, vertex in sorted(vertices.items(), key=lambda item: str(item[0])):
        layers.setdefault(vertex["layer"], []).append(key)
    for keys in layers.values():
        keys.sort(key=lambda k: (k[0] != "node", k[1:]))

    def place():
        for keys in layers.values():
            x = 0.0
            for key in keys:
                vertices[key]["x"] = x + vertices[key]["width"] / 2
                x += vertices[key]["width"] + BOX_GAP

    place()
    for _ in range(2):
        for index in sorted(layers)[1:]:
            keys = layers[index]
            keys.sort(
                key=lambda k: (
                    sum(vertices[p]["x"] for p in vertices[k]["parents"])
                    / max(1, len(vertices[k]["parents"]))
                )
            )
        place()

    box_height = 3 * LINE_HEIGHT + BOX_PADDING
    widths = {
        index: sum(vertices[k]["width"] for k in keys) + BOX_GAP * (len(keys) - 1)
        for index, keys in layers.items()
    }
    total_width = max(widths.values(), default=0)
    for index, keys in layers.items():
        offset = MARGIN + (total_width - widths[index]) / 2
        for key in keys:
            vertices[key]["x"] += offset
            vertices[key]["y"] = MARGIN + index * (box_height + LAYER_GAP)
    size = (total_width + 2 * MARGIN, MARGIN * 2 + len(layers) * (box_height + LAYER_GAP) - LAYER_GAP)
    return vertices, edges, box_height, size


def svg(graph):
    vertices, edges, box_height, (width, height) = layout(graph)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="Helvetica, Arial, sans-serif" '
        f'font-size="{FONT_SIZE}">',
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" '
        'markerHeight="8" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" '
        'fill="#555"/></marker></defs>',
        '<rect width="100%" height="100%" fill="white"/>',
    ]
    for path, is_declared in edges:
        points = []
        for index, key in enumerate(path):
            vertex = vertices[key]
            if key[0] == "node":
                y = vertex["y"] + (box_height if index == 0 else 0)
                points.append((vertex["x"], y))
            else:  # an arrow passing through a layer: in at its top, out at its bottom
                points.append((vertex["x"], vertex["y"]))
                points.append((vertex["x"], vertex["y"] + box_height))
        d = f"M {points[0][0]:.1f} {points[0][1]:.1f}"
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            middle = (y0 + y1) / 2
            d += f" C {x0:.1f} {middle:.1f}, {x1:.1f} {middle:.1f}, {x1:.1f} {y1:.1f}"
        dashes = ' stroke-dasharray="6 4"' if is_declared else ""
        out.append(f'<path d="{d}" fill="none" stroke="#555"{dashes} marker-end="url(#arrow)"/>')
    for key, vertex in vertices.items():
        if key[0] != "node":
            continue
        node = vertex["node"]
        left = vertex["x"] - vertex["width"] / 2
        dashed = ' stroke-dasharray="5 4"' if node["holder"] == "scope" else ""
        fill = "#eef4fb" if node["isShutdownable"] else "white"
        out.append(
            f'<rect x="{left:.1f}" y="{vertex["y"]:.1f}" width="{vertex["width"]:.1f}" '
            f'height="{box_height}" rx="4" fill="{fill}" stroke="#333"{dashed}/>'
        )
        for index, line in enumerate(vertex["lines"]):
            y = vertex["y"] + BOX_PADDING / 2 + LINE_HEIGHT * (index + 0.75)
            weight = ' font-weight="bold"' if index == 0 else ""
            out.append(
                f'<text x="{vertex["x"]:.1f}" y="{y:.1f}" text-anchor="middle"{weight}>'
                f"{escaped(line)}</text>"
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as f:
        graph = json.load(f)
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(svg(graph))


if __name__ == "__main__":
    main()
