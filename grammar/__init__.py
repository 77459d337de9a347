"""The Lark grammar of the notation; its files ship inside the installed package."""
