"""Serve a folder on 127.0.0.1 with the MIME types JupyterLite needs (.wasm, .mjs).

Usage: python tools/serve.py DIRECTORY [PORT]
"""

from __future__ import annotations

import functools
import http.server
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, fmt, *args):  # quiet: one line per request is noise for a reader
        pass


def server(directory: str, port: int = 8000) -> http.server.ThreadingHTTPServer:
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=directory))


if __name__ == "__main__":
    directory = sys.argv[1] if len(sys.argv) > 1 else "_build/html"
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 8000
    with server(directory, port) as httpd:
        print(f"http://127.0.0.1:{port}/", flush=True)
        httpd.serve_forever()
