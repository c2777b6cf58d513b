"""Star Party: two star-themed board games for LAN parties."""

__version__ = "0.1.0"
