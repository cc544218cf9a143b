"""The game review screen: a finished game's win chances, key moments, luck split and judged decisions."""
