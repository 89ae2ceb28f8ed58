"""Use cases of the service (create, join, start, act, get, watch, log), independent of any transport."""
