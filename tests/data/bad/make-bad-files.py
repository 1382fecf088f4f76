#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the crafted bad .maze files in this folder.

Each is a small valid document (BASE, a copy of ../good/small-rect.maze
as maze_puzzle_save wrote it: a 4x3 rect maze with cell (3,0) masked, a
weight, and history entries) with one thing wrong, or a hand-written one.
What each must make the loader say is in tests/test-puzzle-file.c
(bad_files); that test also fails when a file here has no entry there.

    python3 make-bad-files.py
"""
import base64
import collections
import json
import os

out = os.path.dirname(os.path.abspath(__file__))
BASE = '''{
  "format": "mazewright",
  "version": 1,
  "generator_version": 1,
  "title": "Base",
  "shape": "rect",
  "width": 4,
  "height": 3,
  "parameters": {"algorithm": "backtracker", "growing_tree_mode": "mixed", "seed": "5", "braid": 0, "braid_fixed": 0},
  "start": [0, 0],
  "end": [3, 2],
  "history": [
    {"edit": "mask", "rect": [2, 0, 2, 2], "algorithm": "prim", "growing_tree_mode": "newest", "seed": "77", "mask": "Ag=="},
    {"edit": "regenerate", "rect": [0, 1, 2, 2], "algorithm": "wilson", "growing_tree_mode": "newest", "seed": "78"},
    {"edit": "weight", "cell": [1, 1], "weight": 3},
    {"edit": "end", "cell": [3, 2]}
  ],
  "mask": "CAA=",
  "weights": "AQEBAQEDAQEBAQEB",
  "passages": "I54F"
}
'''
base = json.loads(BASE, object_pairs_hook=collections.OrderedDict)

def dump(doc):
    lines = []
    for k, v in doc.items():
        if k == 'history' and isinstance(v, list) and v:
            items = ',\n'.join('    ' + json.dumps(e, ensure_ascii=False, separators=(', ', ': ')) for e in v)
            lines.append('  "history": [\n' + items + '\n  ]')
        else:
            lines.append('  ' + json.dumps(k) + ': ' + json.dumps(v, ensure_ascii=False, separators=(', ', ': ')))
    return '{\n' + ',\n'.join(lines) + '\n}\n'

def write(name, doc):
    text = doc if isinstance(doc, str) else dump(doc)
    with open(os.path.join(out, name + '.maze'), 'w') as f:
        f.write(text)

def variant(**changes):
    d = json.loads(json.dumps(base), object_pairs_hook=collections.OrderedDict)
    for k, v in changes.items():
        path = k.split('__')
        obj = d
        for p in path[:-1]:
            obj = obj[int(p)] if p.isdigit() else obj[p]
        last = path[-1]
        last = int(last) if last.isdigit() else last
        if v is DELETE:
            del obj[last]
        else:
            obj[last] = v
    return d

DELETE = object()

def set_bits(b64, *bits):
    b = bytearray(base64.b64decode(b64))
    for bit in bits:
        b[bit // 8] |= 1 << (bit % 8)
    return base64.b64encode(bytes(b)).decode()

P = base['passages']

# envelope
write('not-json', 'This is not JSON at all, just words.\n')
write('empty', '')
write('truncated-json', dump(base)[:200])
write('not-object', '[1, 2, 3]\n')
write('deep-nesting', '{"format": "mazewright", "version": 1, "x": ' + '[' * 100 + ']' * 100 + '}\n')
write('format-missing', variant(format=DELETE))
write('format-wrong', variant(format='labyrinth'))
write('version-99', variant(version=99))
write('version-zero', variant(version=0))
# triangles came with version 2: a version 1 file cannot hold them
write('shape-tri-version-1', variant(shape='tri', width=4, height=3))
# circular mazes came with version 3, sized by rings around a room
write('shape-circular-version-2', variant(version=2, shape='circular', width=DELETE,
                                          height=DELETE, rings=1, first=12))
write('circular-rings-missing', variant(version=3, shape='circular', width=DELETE,
                                        height=DELETE, first=12))
# a centre cell came with version 4; CENTRE is a whole one, rings 2
# around it of 3 cells, each with its passage in to the centre (IN, bit
# 1 of each cell's 3: bits 4, 7 and 10), the centre's own bits 0
CENTRE = dict(shape='circular', width=DELETE, height=DELETE, rings=2, first=3,
              centre='cell', history=DELETE, mask=DELETE, weights=DELETE,
              start=[0, 0], end=[2, 1], passages='kAQ=')
write('circular-centre-version-3', variant(version=3, **CENTRE))
write('circular-centre-unknown', variant(version=4, **dict(CENTRE, centre='hub')))
write('circular-centre-number', variant(version=4, **dict(CENTRE, centre=1)))
write('circular-centre-first-8', variant(version=4, **dict(CENTRE, first=8)))
write('circular-centre-passage', variant(version=4, **dict(CENTRE, passages=set_bits('kAQ=', 0))))
# its 4 cells of 3 bits take 2 bytes: one is short, said of a circular maze
write('circular-centre-short', variant(version=4, **dict(CENTRE, passages='kA==')))
write('version-string', variant(version='1'))
write('generator-version-missing', variant(generator_version=DELETE))
write('generator-version-float', variant(generator_version=1.5))
write('title-number', variant(title=42))
# size and shape
write('shape-unknown', variant(shape='triangle'))
write('shape-missing', variant(shape=DELETE))
write('width-zero', variant(width=0))
write('width-negative', variant(width=-4))
write('width-float', variant(width=4.5))
write('height-string', variant(height='3'))
write('too-big', variant(width=65535, height=65535))
write('huge-short-data', variant(width=65535, height=32767, mask=DELETE, weights=DELETE))
# a member named twice at the top: json-glib keeps the last, a glance at
# the top of the file the first, so which is meant cannot be told;
# names are compared as json-glib reads them, escapes decoded
def twice(doc, member, name, value):
    """doc as text with name (as written) and value before its member"""
    text = dump(doc)
    at = text.index('  "%s": ' % member)
    return text[:at] + '  %s: %s,\n' % (name, json.dumps(value)) + text[at:]
write('width-twice', twice(base, 'width', '"width"', 400))
write('rings-twice-escaped', twice(variant(version=4, **CENTRE), 'rings', '"ring\\u0073"', 40))
write('title-twice', twice(base, 'title', '"title"', 'First'))
# parameters
write('parameters-array', variant(parameters=[1, 2]))
write('algorithm-missing', variant(parameters__algorithm=DELETE))
write('algorithm-unknown', variant(parameters__algorithm='quicksort'))
write('mode-unknown', variant(parameters__growing_tree_mode='oldest'))
write('seed-not-number', variant(parameters__seed='12ab'))
write('seed-json-number', variant(parameters__seed=5))
write('seed-negative', variant(parameters__seed='-5'))
write('seed-empty', variant(parameters__seed=''))
write('seed-overflow', variant(parameters__seed='18446744073709551616'))
write('braid-out-of-range', variant(parameters__braid=1.5, parameters__braid_fixed=DELETE))
write('braid-string', variant(parameters__braid='0.5'))
write('braid-mismatch', variant(parameters__braid=0.5, parameters__braid_fixed=16384))
write('braid-fixed-too-big', variant(parameters__braid=DELETE, parameters__braid_fixed=65537))
# endpoints
write('start-missing', variant(start=DELETE))
write('start-outside', variant(start=[4, 0]))
write('start-not-pair', variant(start=[1]))
write('start-negative', variant(start=[-1, 0]))
write('start-masked', variant(start=[3, 0]))
write('end-masked', variant(end=[3, 0]))
write('end-string', variant(end='3,2'))
# bulk data
write('passages-missing', variant(passages=DELETE))
write('passages-number', variant(passages=12345))
write('truncated-passages', variant(passages=P[:-4]))
write('long-passages', variant(passages=P + 'AAAA'))
write('bad-base64', variant(passages=P[:2] + '!' + P[3:]))
write('base64-bad-length', variant(passages=P[:-1]))
write('passage-through-border', variant(passages=set_bits(P, 2 * 7)))      # (3,1) E
write('passage-through-bottom', variant(passages=set_bits(P, 2 * 9 + 1)))  # (1,2) S
write('passage-into-mask', variant(passages=set_bits(P, 2 * 2)))           # (2,0) E -> (3,0)
write('passage-from-mask', variant(passages=set_bits(P, 2 * 3 + 1)))       # (3,0) S
write('mask-truncated', variant(mask='CA=='))
write('mask-bad-base64', variant(mask='C*A='))
write('mask-stray-bits', variant(mask=set_bits(base['mask'], 15)))
write('weights-zero', variant(weights=base64.b64encode(bytes([1] * 6 + [0] + [1] * 5)).decode()))
write('weights-truncated', variant(weights=base64.b64encode(bytes([1] * 11)).decode()))
write('weights-array', variant(weights=[1] * 12))
write('hex-stray-bits', '''{
  "format": "mazewright", "version": 1, "generator_version": 1,
  "shape": "hex", "width": 2, "height": 1,
  "start": [0, 0], "end": [1, 0],
  "passages": "gQ=="
}
''')
write('hex-passage-through-border', '''{
  "format": "mazewright", "version": 1, "generator_version": 1,
  "shape": "hex", "width": 2, "height": 1,
  "start": [0, 0], "end": [1, 0],
  "passages": "CQ=="
}
''')
write('algorithm-unsupported', '''{
  "format": "mazewright", "version": 1, "generator_version": 1,
  "shape": "hex", "width": 2, "height": 1,
  "parameters": {"algorithm": "binary-tree", "seed": "1"},
  "start": [0, 0], "end": [1, 0],
  "passages": "AQ=="
}
''')
# history
h = base['history']
write('history-object', variant(history={'edit': 'end'}))
write('history-entry-number', variant(history=[7]))
write('history-edit-missing', variant(history__1__edit=DELETE))
write('history-edit-unknown', variant(history__1__edit='rotate'))
write('history-rect-outside', variant(history__1__rect=[2, 1, 3, 2]))
write('history-rect-empty', variant(history__1__rect=[0, 1, 0, 2]))
write('history-rect-huge', variant(history__1__rect=[9223372036854775807, 0, 9223372036854775807, 1]))
write('history-rect-short', variant(history__1__rect=[0, 1, 2]))
write('history-rect-float', variant(history__1__rect=[0, 1.5, 2, 2]))
write('history-seed-bad', variant(history__1__seed='0x4e'))
write('history-algorithm-unknown', variant(history__0__algorithm='bogosort'))
write('history-mask-missing', variant(history__0__mask=DELETE))
write('history-mask-length', variant(history__0__mask='AgA='))
write('history-mask-stray-bits', variant(history__0__mask='Ig=='))
write('history-cell-outside', variant(history__3__cell=[3, 3]))
write('history-cell-missing', variant(history__3__cell=DELETE))
write('history-weight-zero', variant(history__2__weight=0))
write('history-weight-big', variant(history__2__weight=256))

# the outline's parameters (the optional "outline" member)
DIGEST = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'
write('outline-array', variant(outline=['heart']))
write('outline-kind-missing', variant(outline={'name': 'heart'}))
write('outline-kind-unknown', variant(outline={'kind': 'scribble'}))
write('outline-name-unknown', variant(outline={'kind': 'preset', 'name': 'dragon'}))
write('outline-text-empty', variant(outline={'kind': 'text', 'text': '', 'font': 'Sans Bold'}))
write('outline-font-missing', variant(outline={'kind': 'text', 'text': 'Anna'}))
write('outline-sha256-short', variant(outline={'kind': 'picture', 'sha256': DIGEST[:40], 'threshold': 128}))
write('outline-threshold-big', variant(outline={'kind': 'picture', 'sha256': DIGEST, 'threshold': 256}))
