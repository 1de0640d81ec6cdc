"""The engine code no rule changes: real, linted, typed source that the Python target copies into every
engine between `###{standalone NAME` and `###}` markers. These modules are read as text, never run."""
