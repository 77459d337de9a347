"""The rules: conventions, laws, events, states and the engine that applies events."""
