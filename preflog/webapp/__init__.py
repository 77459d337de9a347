"""preflog on a phone: its own Python run by Pyodide in the browser, offline (docs/webapp.md).
:mod:`.site` writes the static folder, :mod:`.bundle` the Python inside it, :mod:`.icon` its icons."""
