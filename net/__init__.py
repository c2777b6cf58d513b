"""Game-agnostic networking: the authoritative Table, the wire, server, client, discovery."""
