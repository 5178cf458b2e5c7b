// The C library functions Swift's Glibc module leaves out (statx,
// getdents64, fstatfs, the xattr calls, glibc's newer posix_spawn helpers,
// iswprint_l, mallopt, getauxval, __nss_configure_lookup) or declares only
// as variadic (prctl), linked by name so that a static executable carries
// them: dlsym finds nothing in a static binary. SystemSeam's CLibrarySymbol
// is the only user.
//
// Each is declared under a name of ours bound to the C library's symbol (an
// asm label, in FILETABLE_LINK), so these declarations never meet glibc's
// own, whatever feature macros its headers were built with. A function the
// C library at build time is too old for is left out and answers NULL. (An
// edit here may not rebuild SystemSeam, which inlines this: touch
// CLibrarySymbol.swift.)
#ifndef FILETABLE_C_LIBRARY_EXTRAS_H
#define FILETABLE_C_LIBRARY_EXTRAS_H

#include <features.h>
#include <string.h>

/// Inside `filetable_c_library_function`: the address of the C library's
/// `symbol` when `name` is its name. The declaration binds a name of ours to
/// the symbol (an asm label), so it never meets glibc's own declaration.
#define FILETABLE_LINK(symbol)                                                 \
    do {                                                                       \
        extern int filetable_linked_##symbol(void) __asm__(#symbol);           \
        if (strcmp(name, #symbol) == 0) return (void *)&filetable_linked_##symbol; \
    } while (0)

/// The address of the C library function `name`, or NULL when it is not
/// one of those below or the C library this was built against lacks it.
/// The caller casts it to the function's real type.
static inline void *filetable_c_library_function(const char *name) {
#if __GLIBC_PREREQ(2, 28)
    FILETABLE_LINK(statx);
#endif
#if __GLIBC_PREREQ(2, 30)
    FILETABLE_LINK(getdents64);
#endif
#if __GLIBC_PREREQ(2, 29)
    FILETABLE_LINK(posix_spawn_file_actions_addfchdir_np);
#endif
#if __GLIBC_PREREQ(2, 34)
    FILETABLE_LINK(posix_spawn_file_actions_addclosefrom_np);
#endif
    FILETABLE_LINK(fstatfs);
    FILETABLE_LINK(getxattr);
    FILETABLE_LINK(lgetxattr);
    FILETABLE_LINK(llistxattr);
    FILETABLE_LINK(iswprint_l);
    FILETABLE_LINK(mallopt);
    FILETABLE_LINK(prctl);
    FILETABLE_LINK(getauxval);
    FILETABLE_LINK(__nss_configure_lookup);
    return NULL;
}

#endif
