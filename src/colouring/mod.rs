//! Colouring any graph: bounds on the chromatic number and colourings with few colours.
