"""cardroom: a stateless game-engine service for four card games."""

__version__ = "0.1.0"
