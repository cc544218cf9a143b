"""What every variant shares: actions, events, chance, registry, errors, saves."""
