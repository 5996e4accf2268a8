# Stukolka: build, serve and test the executable textbook.
#   make book   set everything up, build both editions and serve them on http://127.0.0.1:8000
#   make test   set everything up and run every test (unit, doctest, nbval, -W build, browser)
#   make lab    open the book's notebooks in JupyterLab (local Python kernel)
#   make notebooks   copy the English code cells into the Russian notebooks, re-execute both
#                    editions' notebooks and store their outputs (deterministic)
#   make class  serve the book and class play on http://127.0.0.1:8800 (HOST=0.0.0.0 make class: the local network;
#               CLASS_LANG=ru make class: the class in Russian)
#   make html        build both editions (the English one into _build/html, the Russian one into _build/html/ru)
#   make html-en     build the English edition alone (quick work on it)
#   make html-ru     build the Russian edition alone (quick work on it, after one make html)
#   make test-ru     the Russian edition's checks: same code as English, its prose, search, nbval

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
export PYTHONHASHSEED := 0
export PYDEVD_DISABLE_FILE_VALIDATION := 1
export JUPYTER_PLATFORM_DIRS := 1

SHIM := $(VENV)/share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi/widgetsnbextension-4.0.999-py3-none-any.whl
ENGINE := $(shell find stukolka -name '*.py' -o -name '*.json' | sort)

.PHONY: book html html-en serve test unit typecheck lab notebooks chromium clean setup class html-ru test-ru notebooks-ru clean-ru
.DEFAULT_GOAL := help

help:
	@sed -n 's/^#   //p' Makefile

# ---------------------------------------------------------------- setup
$(VENV)/.stamp: requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check -r requirements.txt
	$(BIN)/pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $@

_vendor/.stamp: tools/fetch_vendor_js.sh tools/require-config.js
	bash tools/fetch_vendor_js.sh _vendor
	rm -rf _build/html
	touch $@

# Wheels for the in-browser Python: the widgets, and the engine built from this checkout.
lite/pypi/.stamp: $(VENV)/.stamp $(ENGINE) pyproject.toml
	rm -rf lite/pypi && mkdir -p lite/pypi
	$(BIN)/pip download -q --disable-pip-version-check --no-deps -d lite/.cache/wheels \
	    ipywidgets==8.1.9 comm==0.2.3 jupyterlab_widgets==3.0.17
	cp lite/.cache/wheels/*.whl lite/pypi/
	$(BIN)/pip wheel -q --disable-pip-version-check --no-deps --no-build-isolation . -w lite/pypi
	rm -rf build
	touch $@

lite/static/pyodide/.stamp: lite/pypi/.stamp tools/make_pyodide_bundle.py
	$(BIN)/python tools/make_pyodide_bundle.py --depends stukolka:ipywidgets,sympy \
	    lite/static/pyodide lite/pypi/*.whl $(SHIM)
	touch $@

setup: $(VENV)/.stamp _vendor/.stamp lite/static/pyodide/.stamp

chromium:
	@command -v chromium >/dev/null || { apt-get update -qq && apt-get install -y -qq chromium; }

# ---------------------------------------------------------------- book
# Both editions' pages, built side by side (two processes; the Russian one's log is shown after
# it ends), then the live tables' memory snapshot (Chromium), then tools/make_offline.py (run by
# make_live_bundle.py) over both: the precompressed copies tools/serve.py sends, Pyodide's
# WebAssembly as XZ, the Service Worker sw.js and runtime.json.  The English edition holds the one
# JupyterLite site and the one live-table runtime; the Russian pages use them (docs/editions.md).
# `make test` runs this same build before its tests.
html: setup chromium
	$(BIN)/python tools/sync_editions.py --check
	@mkdir -p _build; $(BIN)/jupyter-book build ru -W -n --keep-going --path-output ru > _build/ru-build.log 2>&1 & ru=$$!; \
	$(BIN)/jupyter-book build . -W -n --keep-going; en=$$?; \
	wait $$ru; rs=$$?; echo "---- the Russian edition's build:"; cat _build/ru-build.log; \
	test $$en = 0 && test $$rs = 0
	rm -rf _build/html/ru && cp -a ru/_build/html _build/html/ru
	$(BIN)/python tools/make_live_bundle.py _build/html --snapshot

# The English edition alone, for quick work on it (the Russian pages already in _build/html/ru stay).
html-en: setup chromium
	$(BIN)/jupyter-book build . -W -n --keep-going
	$(BIN)/python tools/make_live_bundle.py _build/html --snapshot

serve:
	$(BIN)/python tools/serve.py _build/html $(PORT)

book: html serve

lab: $(VENV)/.stamp
	$(BIN)/jupyter lab book/

notebooks: $(VENV)/.stamp
	$(BIN)/python tools/sync_editions.py
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.timeout=600 book/*.ipynb ru/book/*.ipynb

# ---------------------------------------------------------------- class play
# The class server (classroom/, docs/class-play.md): the built book (made first if it is missing),
# the class pages and one WebSocket per device.  It listens on 127.0.0.1 unless HOST says otherwise.
CLASS_PORT ?= 8800
CLASS_BOOK := $(if $(wildcard _build/html/index.html),,html)

class: $(VENV)/.stamp $(CLASS_BOOK)
	$(BIN)/python -m classroom --book _build/html --port $(CLASS_PORT) $(if $(HOST),--host $(HOST),) $(if $(CLASS_LANG),--lang $(CLASS_LANG),)

# ---------------------------------------------------------------- the Russian edition
# ru/ mirrors the root (ru/_config.yml, ru/_toc.yml, ru/book/...; docs/editions.md).  `make html`
# builds it with the English edition; html-ru builds it alone into ru/_build/html and copies it to
# _build/html/ru, where the language switch of both editions expects it.  Its tables and rockets
# use the English edition's runtime and JupyterLite, so build the whole book once first.
RU_AFTER := $(if $(wildcard _build/html/objects.inv),,html)

html-ru: setup $(RU_AFTER)
	$(BIN)/python tools/sync_editions.py --check
	$(BIN)/jupyter-book build ru -W -n --keep-going --path-output ru
	rm -rf _build/html/ru && cp -a ru/_build/html _build/html/ru

notebooks-ru: $(VENV)/.stamp
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.timeout=600 ru/book/*.ipynb

test-ru: html-ru
	$(BIN)/python tools/sync_editions.py --stale
	$(BIN)/python -m pytest tests/test_editions.py ru/book \
	    --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

clean-ru:
	rm -rf ru/_build ru/_contents _build/html/ru

# ---------------------------------------------------------------- tests
# Two pytest runs side by side (two cores): the browser tests against the -W build of both
# editions made just before (their log is shown when they end), and everything else: unit tests,
# doctests and nbval (full mode) over both editions' notebooks.  Either failing fails the target.
test: setup chromium typecheck html
	@mkdir -p _build; $(BIN)/python -m pytest tests -m browser > _build/test-browser.log 2>&1 & b=$$!; \
	$(BIN)/python -m pytest tests stukolka book ru/book README.md --doctest-glob=README.md -m "not browser" \
	    --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg; u=$$?; \
	wait $$b; bs=$$?; echo "---- the browser tests:"; cat _build/test-browser.log; \
	test $$u = 0 && test $$bs = 0

# The engine ships py.typed: it and the class server are checked by mypy in strict mode
# (settings in pyproject.toml).
typecheck: $(VENV)/.stamp
	$(BIN)/mypy

# The fast suite: no browser, and none of the long statistical, soak and fuzz runs marked slow
# (make test runs those too).
unit: $(VENV)/.stamp
	$(BIN)/python -m pytest tests stukolka -m "not browser and not slow"

clean:
	rm -rf _build _contents lite/static lite/pypi lite/.cache .jupyterlite.doit.db build *.egg-info
