# archipel_warnings: an interface target every Archipel target links, carrying warnings and sanitizer flags.
add_library(archipel_warnings INTERFACE)
target_compile_options(archipel_warnings INTERFACE -Wall -Wextra -Wpedantic -Wno-missing-field-initializers
                                                    -Winvalid-pch)
if(ARCHIPEL_WERROR)
  target_compile_options(archipel_warnings INTERFACE -Werror)
endif()
if(ARCHIPEL_SANITIZE)
  target_compile_options(archipel_warnings INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer)
  target_link_options(archipel_warnings INTERFACE -fsanitize=address,undefined)
endif()
