"""The rules language: text read, parsed into the IR and checked; the formula; canonical printing."""
