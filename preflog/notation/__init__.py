"""The notation: text and JSON to records and back, and the errors found on the way."""
