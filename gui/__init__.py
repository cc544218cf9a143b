"""Catan Table's pygame front end: the App, its scene stack, widgets, renderers and art."""
