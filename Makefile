# Builds, installs and packages pullfeed.
#   make                              the release binaries (pullfeed and pullfeed-dashboard, which
#                                     reads --dashboard files), as the README's Install section says
#   make install [PREFIX=/usr/local] [DESTDIR=]
#   make uninstall [PREFIX=/usr/local] [DESTDIR=]
#   make deb                          pullfeed_VERSION_ARCH.deb, for machines without Swift
#   make man                          regenerate man/pullfeed.1 from the help and man/pullfeed.1.in
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
DEB_MAINTAINER ?= PullFeed <pullfeed@pullfeed.invalid>
BINARY := .build/release/pullfeed
# The program pullfeed runs to read a --dashboard file's YAML, built and installed beside it.
READER := $(dir $(BINARY))pullfeed-dashboard
SOURCES := Package.swift $(wildcard Package.resolved) $(shell find Sources CNcurses CSQLite CZlib -type f 2>/dev/null)

.PHONY: all install uninstall deb man print-release-flags
all: $(BINARY) $(READER)

# The compiler flags of the installed build, beside --static-swift-stdlib. The metadata of the
# concrete generic types the code names (a reactor's publishers, the list's caches) is reached
# by direct calls, and prespecialized, instead of being built at run time from mangled names,
# each checking its generic requirements by scanning every protocol conformance in the binary:
# the main thread's work before the first frame drops by more than a quarter (callgrind) and the
# first frame comes ~1 ms sooner (Benchmarks/startup.sh, which builds with these flags). Only
# this build has them: a package that gave its library targets compiler flags could not be a
# dependency.
SWIFT_RELEASE_FLAGS ?= -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -prespecialize-generic-metadata
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib $(SWIFT_RELEASE_FLAGS)

# What install and deb ship is what this Makefile built: a binary written over the same path by
# anything else (a plain `swift build -c release`, newer than the stamp make leaves beside the
# binary) or one that needs the Swift runtime is built again. An up-to-date binary make built
# is never rebuilt.
built_by_make = $(shell [ -f $(1).make-stamp ] && [ ! $(1) -nt $(1).make-stamp ] && echo yes)
ifneq ($(call built_by_make,$(BINARY)),yes)
.PHONY: $(BINARY)
endif
ifneq ($(call built_by_make,$(READER)),yes)
.PHONY: $(READER)
endif
ifneq ($(shell objdump -p $(BINARY) 2>/dev/null | grep -c 'NEEDED.*libswift'),0)
.PHONY: $(BINARY)
endif
ifneq ($(shell objdump -p $(READER) 2>/dev/null | grep -c 'NEEDED.*libswift'),0)
.PHONY: $(READER)
endif

$(BINARY): $(SOURCES)
	$(RELEASE_BUILD) --product pullfeed
	@touch $@ && touch -r $@ $@.make-stamp

$(READER): $(SOURCES)
	$(RELEASE_BUILD) --product pullfeed-dashboard
	@touch $@ && touch -r $@ $@.make-stamp

# The flags above, for the benchmarks, which measure the installed build.
print-release-flags:
	@echo $(SWIFT_RELEASE_FLAGS)

install: $(BINARY) $(READER)
	@Scripts/install.sh $(BINARY) "$(DESTDIR)$(PREFIX)"

uninstall:
	@Scripts/install.sh --uninstall "$(DESTDIR)$(PREFIX)"

deb: $(BINARY) $(READER)
	@DEB_MAINTAINER="$(DEB_MAINTAINER)" Scripts/build-deb.sh $(BINARY) .

man: $(BINARY)
	python3 Scripts/generate-manpage.py $(BINARY)
