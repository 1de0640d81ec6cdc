"""Play: recorded games and matches refereed (replay), and the cribbage board."""
