"""Catan Table's shipped assets (fonts, i18n catalogs, rules texts), installed as the package catan_table_assets."""
