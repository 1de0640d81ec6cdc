"""dominospec: a rules language for Fives-family dominoes, its engine compiler and document verifier."""
