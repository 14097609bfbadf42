# cmake -DINPUT=<file> -DOUTPUT=<file.inc> -P EmbedText.cmake
# Writes the contents of INPUT as a C++ raw string literal (the initializer of
# a `const char[]`), so a data file is compiled into a binary.
file(READ "${INPUT}" contents)
string(FIND "${contents}" ")embed\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw string delimiter )embed\"")
endif()
file(WRITE "${OUTPUT}.tmp" "R\"embed(${contents})embed\"\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
