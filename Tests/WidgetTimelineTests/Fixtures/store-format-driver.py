"""Drives the store format's documented Python (written next to this run as store_format.py).

Usage: store-format-driver.py <module directory> commit <shared> <key> <value>
       store-format-driver.py <module directory> read <shared> <key>
"""
import json
import sys

sys.path.insert(0, sys.argv[1])
import store_format as store  # noqa: E402

command, shared, key = sys.argv[2], sys.argv[3], sys.argv[4]
if command == "commit":
    print(store.commit(shared, key, {"schemaVersion": 1, "kind": "task-count",
        "generatedAt": "2026-11-29T09:00:00Z", "fingerprint": "ab",
        "payload": {"value": int(sys.argv[5]), "label": "tasks"}}))
else:
    print(json.dumps(store.read_newest(shared, key), sort_keys=True))
