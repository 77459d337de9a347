"""Records of a game as written: cards, bids, hands, calls, the deal and the game."""
