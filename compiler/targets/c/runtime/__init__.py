"""The native engine code no rule changes: C sources that the C target copies into every engine between
`//###{standalone NAME` and `//###}` markers, after the rule constants. Read as text, never compiled alone."""
