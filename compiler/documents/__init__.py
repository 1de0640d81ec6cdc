"""Rule documents: read in a language pack's words (worked examples, tables, claims), and worked examples written."""
