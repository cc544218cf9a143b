"""The layout lab: edit Catan boards, analyse them, and measure their fairness by simulation."""
