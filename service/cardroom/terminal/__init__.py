"""``cardroom play``: a terminal frontend for one seat, built on the Python SDK (``cardroom-client``).

It is a client of the API like any other: views, legal actions and events come from the server and no
rule runs here, so it plays every game of the catalog. Modules:

* ``safe``: the one function every string from the server goes through before it is printed;
* ``cards``, ``words``: cards, actions and events in words and colours (the web app's wording);
* ``render``: the seat's view, the waiting room, the menu of legal actions, the result;
* ``rules``: help and the rules of a game on request;
* ``keyboard``: lines typed, end of input and Ctrl-C as one stream of inputs;
* ``session``: create, join or resume a seat and play it to the end.
"""
