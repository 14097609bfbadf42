# Installed CMake package: find_package(AscendOpt) gives the dialect,
# conversion and target libraries as AscendOpt::<name>, plus the headers.
include(CMakePackageConfigHelpers)

set(ASCEND_EXPORTED_LIBRARIES
  MLIRPyNative MLIRMindSpore MLIRAICore
  AscendTraceProto AscendTrace AscendMindIRProto AscendMindIR AscendProfile
  AscendAICoreTiling
  AscendPyNativeToMindSpore AscendMindSporeToAICore AscendMindSporeToLinalg
  AscendAICoreToMemRef AscendScalarConversion AscendExecution AscendPipelines
  AscendInitAll)
foreach(lib ${ASCEND_EXPORTED_LIBRARIES})
  if(NOT TARGET ${lib})
    list(REMOVE_ITEM ASCEND_EXPORTED_LIBRARIES ${lib})
  endif()
endforeach()

install(TARGETS ${ASCEND_EXPORTED_LIBRARIES}
  EXPORT AscendOptTargets
  ARCHIVE DESTINATION lib
  LIBRARY DESTINATION lib
  INCLUDES DESTINATION include)

# Public headers: hand-written and TableGen-generated.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ascend DESTINATION include
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/ascend DESTINATION include
  FILES_MATCHING PATTERN "*.inc")
foreach(d ${ASCEND_DIALECTS})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/dialects/${d}/include/ascend
    DESTINATION include FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
  install(DIRECTORY ${PROJECT_BINARY_DIR}/dialects/${d}/include/ascend
    DESTINATION include FILES_MATCHING PATTERN "*.inc")
endforeach()

install(EXPORT AscendOptTargets NAMESPACE AscendOpt::
  DESTINATION lib/cmake/AscendOpt)
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/AscendOptConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/AscendOptConfig.cmake
  INSTALL_DESTINATION lib/cmake/AscendOpt)
install(FILES ${PROJECT_BINARY_DIR}/cmake/AscendOptConfig.cmake
  DESTINATION lib/cmake/AscendOpt)
