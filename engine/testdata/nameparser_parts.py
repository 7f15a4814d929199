#!/usr/bin/python3
"""Parse each line of stdin with Python's nameparser (HumanName, Debian's
python3-nameparser) and print one tab-separated line per name: first,
middle, last, suffix, nickname. TestUSLabelledEval compares its parts with
the engine's on the same names."""
import sys
from nameparser import HumanName
for line in sys.stdin:
    n = HumanName(line.rstrip('\n'))
    print('\t'.join(s.replace('\t', ' ') for s in (n.first, n.middle, n.last, n.suffix, n.nickname)))
