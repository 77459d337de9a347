"""Presentation: the replay as text and the score sheet as a table."""
