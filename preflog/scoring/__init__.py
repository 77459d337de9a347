"""The score sheet: what a deal means for it, the Code's prices, the pulka and the settlement."""
